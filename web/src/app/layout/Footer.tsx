import { COPYRIGHT_YEAR, PRODUCT_NAME } from '@domain/codes';
import { Logo } from '@web/components/Logo';
import { useAuth } from '@web/lib/auth/useAuth';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { footerColumns } from './footerLinks';

/** Resources and Information columns and the copyright line (docs/product.md#screens). */
export function Footer() {
  const { isLoggedIn, role } = useAuth();
  return (
    <footer className="smr-footer">
      <Container>
        <div className="smr-footer-grid">
          <div className="smr-footer-brand">
            <div className="smr-footer-brand-name">
              <Logo size={28} />
              <span>{PRODUCT_NAME}</span>
            </div>
            <p>
              Smart-manufacturing business practices assessment and roadmap programme for manufacturers and
              their consultants.
            </p>
          </div>
          {footerColumns(isLoggedIn, role).map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`} className="smr-footer-column">
              <h2 id={`footer-${column.title}`} className="smr-footer-title">
                {column.title}
              </h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="smr-footer-copyright">
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
