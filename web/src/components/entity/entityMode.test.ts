import { describe, expect, it } from 'vitest';
import { editPathOf, entityLocationOf, isReadOnly, saveCallOf, viewPathOf } from './entityMode';

describe('entity screen modes (docs/product.md#rules)', () => {
  it('reads the mode from the route', () => {
    expect(entityLocationOf('/admin/question/new', {})).toEqual({ mode: 'new' });
    expect(entityLocationOf('/admin/question/copy/12', { parentId: '12' })).toEqual({
      mode: 'copy',
      parentId: 12,
    });
    // Opened by id, a saved item starts read-only; its Edit button adds ?mode=edit.
    expect(entityLocationOf('/admin/question/12', { id: '12' })).toEqual({ mode: 'view', id: 12 });
    expect(entityLocationOf('/admin/question/12', { id: '12' }, '?mode=edit')).toEqual({
      mode: 'edit',
      id: 12,
    });
    expect(entityLocationOf('/admin/question/12', { id: '12' }, '?mode=other')).toEqual({
      mode: 'view',
      id: 12,
    });
    expect(editPathOf('/admin/question', 12)).toBe('/admin/question/12?mode=edit');
    expect(viewPathOf('/admin/question', 12)).toBe('/admin/question/12');
  });

  it('needs the /copy/ path as well as a parent id for copy mode', () => {
    expect(entityLocationOf('/admin/question/12', { id: '12', parentId: '3' })).toEqual({
      mode: 'view',
      id: 12,
    });
  });

  it('turns away ids that are not positive whole numbers', () => {
    for (const id of ['abc', '0', '-3', '1.5', '']) {
      expect(entityLocationOf(`/admin/lookup/${id}`, { id })).toEqual({ mode: 'invalid' });
    }
    expect(entityLocationOf('/admin/lookup/copy/x', { parentId: 'x' })).toEqual({ mode: 'invalid' });
  });

  it('is read-only in view mode or when the item is inactive', () => {
    expect(isReadOnly('view', { isActive: true })).toBe(true);
    expect(isReadOnly('edit', { isActive: false })).toBe(true);
    expect(isReadOnly('edit', { isActive: true })).toBe(false);
    expect(isReadOnly('new', {})).toBe(false);
    expect(isReadOnly('copy', { isActive: true })).toBe(false);
  });

  it('adds in new and copy mode and updates in edit mode', () => {
    expect(saveCallOf('new')).toBe('add');
    expect(saveCallOf('copy')).toBe('add');
    expect(saveCallOf('edit')).toBe('update');
  });
});
