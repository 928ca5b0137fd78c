import { describe, expect, it } from 'vitest';
import { pruneCss, wordsIn } from './pruneBootstrapCss';

const app = `
  const prefix = useBootstrapPrefix(bsPrefix, 'btn');
  const classes = [\`\${prefix}-\${variant}\`, 'col', \`order\${infix}-\${order}\`];
  export const Page = () => <div className="d-flex mb-3" role="list"><Button variant="outline-secondary" /></div>;
  const group = 'group';
`;
const words = wordsIn([app]);

describe('pruneCss', () => {
  it('keeps a class named in the code, or put together from a prefix and words', () => {
    const css =
      '.d-flex{display:flex}.btn-outline-secondary{color:grey}.order-md-1{order:1}.mb-3{margin:1rem}';
    // 'md' and '1' are not words of the code above, so order-md-1 goes; the rest stays.
    expect(pruneCss(css, wordsIn([app, 'md 1']))).toBe(css);
    expect(pruneCss(css, words)).toBe(
      '.d-flex{display:flex}.btn-outline-secondary{color:grey}.mb-3{margin:1rem}',
    );
  });

  it('drops a class made of words when nothing puts names together from its first one', () => {
    // 'list' and 'group' are both words, but no code builds a name from 'list'.
    expect(pruneCss('.list-group{display:flex}.mb-3{margin:0}', words)).toBe('.mb-3{margin:0}');
  });

  it('keeps rules without classes, and the selectors of a list that may match', () => {
    const css = ':root{--bs-blue:#00f}body{margin:0}[type=button]{cursor:pointer}.toast,.mb-3>.btn{x:y}';
    expect(pruneCss(css, words)).toBe(
      ':root{--bs-blue:#00f}body{margin:0}[type=button]{cursor:pointer}.mb-3>.btn{x:y}',
    );
  });

  it('keeps a selector whose unknown class only stands inside :not()', () => {
    // Bootstrap shows an open offcanvas with '.offcanvas.show:not(.hiding)': no code names 'hiding', and
    // that is exactly when the rule applies. Dropping it left the phone's navigation drawer off screen.
    const css = '.btn.show:not(.hiding){transform:none}.btn.showing,.btn.show:not(.hiding .toast){x:y}';
    expect(pruneCss(css, wordsIn([app, 'show showing']))).toBe(css);
    expect(pruneCss('.btn.hiding:not(.show){x:y}', wordsIn([app, 'show']))).toBe('');
  });

  it('prunes inside media queries, drops those left empty, and keeps keyframes and comments whole', () => {
    const css =
      '/*! licence */@charset "UTF-8";@media (min-width:576px){.toast{a:b}}@media print{.d-flex{display:flex}}' +
      '@keyframes spin{to{transform:rotate(360deg)}}.x-{y:z}';
    expect(pruneCss(css, words)).toBe(
      '/*! licence */@charset "UTF-8";@media print{.d-flex{display:flex}}@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });

  it('reads braces inside strings as text', () => {
    const css = '.btn{background:url("data:image/svg+xml,<svg>{}</svg>")}.toast{a:b}';
    expect(pruneCss(css, words)).toBe('.btn{background:url("data:image/svg+xml,<svg>{}</svg>")}');
  });
});
