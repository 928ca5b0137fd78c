import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

// The whole data model of docs/product.md#codes. Written with plain snake_case names (the migrator runs
// without the camel-case plugin) and only column types both SQLite and PostgreSQL understand.

type T = CreateTableBuilder<string, never>;

export function initialMigration(dialect: Dialect) {
  const id = (t: T) =>
    t.addColumn('id', 'integer', (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    );
  const bool = (t: T, name: string, value: 0 | 1) =>
    t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  const audit = (t: T) =>
    t
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('updated_by', 'integer');
  const ref = (
    t: T,
    name: string,
    table: string,
    onDelete: 'cascade' | 'set null' | 'restrict' = 'restrict',
  ) => t.addColumn(name, 'integer', (c) => c.references(`${table}.id`).onDelete(onDelete));
  const double = dialect === 'sqlite' ? 'real' : 'double precision';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      let t: T = db.schema.createTable('lookup_items');
      t = id(t)
        .addColumn('lookup_type', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('display_order', 'integer')
        .addColumn('enum_value', 'integer')
        .addColumn('organization_type', 'integer');
      t = bool(t, 'is_system', 0);
      t = bool(t, 'is_active', 1);
      await audit(t).execute();
      await db.schema
        .createIndex('lookup_items_type_code')
        .on('lookup_items')
        .columns(['lookup_type', 'code'])
        .unique()
        .execute();

      t = id(db.schema.createTable('organizations'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('original_name', 'text')
        .addColumn('code', 'text')
        .addColumn('type', 'integer', (c) => c.notNull());
      t = ref(t, 'business_type_id', 'lookup_items');
      t = ref(t, 'state_id', 'lookup_items');
      t = ref(t, 'consulting_firm_id', 'organizations', 'set null');
      t = ref(t, 'referred_by_id', 'organizations', 'set null');
      t = t.addColumn('referred_by_other', 'text');
      t = bool(t, 'exclude_from_benchmark', 0);
      t = bool(t, 'anonymize_results', 0);
      t = t.addColumn('legacy_id', 'text');
      t = bool(t, 'is_active', 1);
      await audit(t).execute();
      await db.schema.createIndex('organizations_type').on('organizations').column('type').execute();
      await db.schema.createIndex('organizations_code').on('organizations').column('code').unique().execute();

      t = id(db.schema.createTable('demographics'));
      t = t.addColumn('organization_id', 'integer', (c) =>
        c.notNull().unique().references('organizations.id').onDelete('cascade'),
      );
      t = ref(t, 'company_maturity_id', 'lookup_items');
      t = ref(t, 'number_of_employees_id', 'lookup_items');
      t = ref(t, 'number_of_facilities_id', 'lookup_items');
      t = ref(t, 'hq_region_id', 'lookup_items');
      await t
        .addColumn('other_industry', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      for (const table of ['demographic_industries', 'demographic_supply_chain_roles']) {
        await db.schema
          .createTable(table)
          .addColumn('demographic_id', 'integer', (c) =>
            c.notNull().references('demographics.id').onDelete('cascade'),
          )
          .addColumn('lookup_item_id', 'integer', (c) => c.notNull().references('lookup_items.id'))
          .addPrimaryKeyConstraint(`${table}_pk`, ['demographic_id', 'lookup_item_id'])
          .execute();
      }

      t = id(db.schema.createTable('functional_role_aliases'))
        .addColumn('organization_id', 'integer', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('functional_role_id', 'integer', (c) => c.notNull().references('lookup_items.id'))
        .addColumn('alias', 'text')
        .addUniqueConstraint('functional_role_aliases_org_role', ['organization_id', 'functional_role_id']);
      await t.execute();

      t = id(db.schema.createTable('users'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('user_name_key', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('user_group', 'integer', (c) => c.notNull());
      t = ref(t, 'functional_role_id', 'lookup_items');
      t = ref(t, 'state_id', 'lookup_items');
      t = ref(t, 'division_id', 'lookup_items');
      t = ref(t, 'organization_id', 'organizations', 'set null');
      t = t
        .addColumn('department', 'text')
        .addColumn('last_certification_date', 'text')
        .addColumn('certificate_number', 'text');
      t = ref(t, 'referred_by_id', 'organizations', 'set null');
      t = t.addColumn('referred_by_other', 'text');
      t = bool(t, 'exclude_from_report', 0);
      t = t.addColumn('additional_info', 'text');
      t = bool(t, 'is_active', 1);
      t = bool(t, 'is_suspended', 0);
      t = bool(t, 'require_change_password', 0);
      t = t
        .addColumn('last_login', 'text')
        .addColumn('approval_invite_date', 'text')
        .addColumn('registration_complete', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('display_order', 'integer');
      await audit(t).execute();
      await db.schema.createIndex('users_organization').on('users').column('organization_id').execute();
      await db.schema.createIndex('users_email').on('users').column('email').execute();

      t = id(db.schema.createTable('assessments'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('assessment_type', 'integer', (c) => c.notNull());
      t = bool(t, 'is_active', 1);
      await t
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      t = id(db.schema.createTable('sections'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('caption', 'text', (c) => c.notNull())
        .addColumn('caption_previous', 'text')
        .addColumn('caption_next', 'text')
        .addColumn('display_order', 'integer')
        .addColumn('description', 'text')
        .addColumn('help_content', 'text')
        .addColumn('help_content_video', 'text');
      t = bool(t, 'is_active', 1);
      await audit(t).execute();
      await db.schema.createIndex('sections_code').on('sections').column('code').execute();

      await db.schema
        .createTable('assessment_sections')
        .addColumn('assessment_id', 'integer', (c) =>
          c.notNull().references('assessments.id').onDelete('cascade'),
        )
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('assessment_sections_pk', ['assessment_id', 'section_id'])
        .execute();

      t = id(db.schema.createTable('benchmarks'))
        .addColumn('organization_id', 'integer', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer');
      await t.execute();

      t = id(db.schema.createTable('roadmaps')).addColumn('organization_id', 'integer', (c) =>
        c.notNull().unique().references('organizations.id').onDelete('cascade'),
      );
      t = ref(t, 'status_id', 'lookup_items');
      t = ref(t, 'benchmark_id', 'benchmarks', 'set null');
      t = ref(t, 'current_state_assessment_id', 'assessments');
      t = ref(t, 'future_state_assessment_id', 'assessments');
      await t
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      t = id(db.schema.createTable('questions')).addColumn('section_id', 'integer', (c) =>
        c.notNull().references('sections.id'),
      );
      t = t
        .addColumn('caption', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('display_order', 'integer')
        .addColumn('input_type', 'integer', (c) => c.notNull());
      t = bool(t, 'skip_score', 0);
      t = bool(t, 'is_required', 0);
      t = bool(t, 'include_other_choice', 0);
      t = t.addColumn('help_content', 'text').addColumn('validator', 'text');
      t = bool(t, 'is_active', 1);
      await audit(t).execute();
      await db.schema.createIndex('questions_section').on('questions').column('section_id').execute();

      t = id(db.schema.createTable('choices'))
        .addColumn('question_id', 'integer', (c) =>
          c.notNull().references('questions.id').onDelete('cascade'),
        )
        .addColumn('caption', 'text', (c) => c.notNull())
        .addColumn('display_order', 'integer')
        .addColumn('score_value', double);
      t = bool(t, 'is_other_choice', 0);
      t = bool(t, 'is_active', 1);
      await audit(t).execute();
      await db.schema.createIndex('choices_question').on('choices').column('question_id').execute();

      t = id(db.schema.createTable('assessment_invites'))
        .addColumn('respondent_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id'));
      t = ref(t, 'organization_id', 'organizations', 'cascade');
      t = ref(t, 'consulting_firm_id', 'organizations', 'set null');
      t = bool(t, 'exclude_from_report', 0);
      t = bool(t, 'is_active', 1);
      t = t.addColumn('invited_at', 'text');
      await audit(t).execute();
      await db.schema
        .createIndex('invites_organization')
        .on('assessment_invites')
        .column('organization_id')
        .execute();
      await db.schema
        .createIndex('invites_respondent')
        .on('assessment_invites')
        .column('respondent_id')
        .execute();

      t = id(db.schema.createTable('assessment_results'))
        .addColumn('assessment_id', 'integer', (c) => c.notNull().references('assessments.id'))
        .addColumn('respondent_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
      t = ref(t, 'organization_id', 'organizations', 'set null');
      t = ref(t, 'assessment_invite_id', 'assessment_invites', 'set null');
      await t
        .addColumn('start_date_time', 'text')
        .addColumn('completion_date_time', 'text', (c) => c.notNull())
        .addColumn('submission_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('results_respondent')
        .on('assessment_results')
        .column('respondent_id')
        .execute();
      await db.schema
        .createIndex('results_organization')
        .on('assessment_results')
        .column('organization_id')
        .execute();

      t = id(db.schema.createTable('answers'))
        .addColumn('assessment_result_id', 'integer', (c) =>
          c.notNull().references('assessment_results.id').onDelete('cascade'),
        )
        .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'));
      t = ref(t, 'choice_id', 'choices');
      await t.addColumn('value_text', 'text').addColumn('other_text', 'text').execute();
      await db.schema.createIndex('answers_result').on('answers').column('assessment_result_id').execute();

      t = id(db.schema.createTable('one_time_passcodes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer');
      await t.execute();

      t = id(db.schema.createTable('user_tokens'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull());
      await t.execute();

      t = id(db.schema.createTable('audit_log'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('details', 'text');
      await t.execute();
      await db.schema
        .createIndex('audit_log_entity')
        .on('audit_log')
        .columns(['entity', 'entity_id'])
        .execute();
    },
  };
}
