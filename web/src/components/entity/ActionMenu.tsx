import Dropdown from 'react-bootstrap/Dropdown';

export type ActionMenuItem = {
  label: string;
  onSelect: () => void;
  /** Destructive actions are set apart in red. */
  danger?: boolean;
};

/** The dropdown action menu of an entity screen (docs/product.md#screens: Add, Copy, Delete...). */
export function ActionMenu({
  items,
  label = 'Actions',
}: {
  items: readonly ActionMenuItem[];
  label?: string;
}) {
  if (items.length === 0) return null;
  const safe = items.filter((item) => !item.danger);
  const dangerous = items.filter((item) => item.danger);
  return (
    <Dropdown align="end" className="smr-action-menu">
      <Dropdown.Toggle variant="outline-primary">{label}</Dropdown.Toggle>
      <Dropdown.Menu>
        {safe.map((item) => (
          <Dropdown.Item key={item.label} as="button" type="button" onClick={item.onSelect}>
            {item.label}
          </Dropdown.Item>
        ))}
        {safe.length > 0 && dangerous.length > 0 ? <Dropdown.Divider /> : null}
        {dangerous.map((item) => (
          <Dropdown.Item
            key={item.label}
            as="button"
            type="button"
            className="text-danger"
            onClick={item.onSelect}
          >
            {item.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
