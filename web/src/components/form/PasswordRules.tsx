import { MIN_PASSWORD_LENGTH } from '@domain/rules/passwords';

/** The password rules of docs/product.md#rules-validation, shown up front so nobody has to guess them. */
export function PasswordRules({ id }: { id: string }) {
  return (
    <div id={id} className="smr-password-rules">
      <p className="smr-password-rules-title">A new password needs:</p>
      <ul>
        <li>at least {MIN_PASSWORD_LENGTH} characters</li>
        <li>an uppercase letter</li>
        <li>a lowercase letter</li>
        <li>a number</li>
        <li>a special character (e.g. $@!%*?&amp;)</li>
      </ul>
    </div>
  );
}
