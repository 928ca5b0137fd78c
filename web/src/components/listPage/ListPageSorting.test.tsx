// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { renderWithClient } from '@web/testing/renderApp';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../alerts/AlertsProvider';
import { type ListColumn, ListPage, type SortDirection } from './ListPage';

type Row = { id: number; name: string; size: number; note: string };
type SortKey = 'name' | 'size';
type Asked = { query: string; skip: number; take: number; order: string };

const columns: ListColumn<Row, SortKey>[] = [
  { key: 'name', header: 'Name', sort: 'name', cell: (row) => row.name },
  { key: 'size', header: 'Size', sort: 'size', cell: (row) => row.size },
  { key: 'note', header: 'Note', cell: (row) => row.note },
];
const rows: Row[] = [
  { id: 1, name: 'Alpha', size: 3, note: 'first' },
  { id: 2, name: 'Beta', size: 1, note: 'second' },
];

let asked: Asked[];

const show = (ui: ReactNode) =>
  renderWithClient(
    <MemoryRouter>
      <AlertsProvider>{ui}</AlertsProvider>
    </MemoryRouter>,
  );

/** A page that keeps its order in state and flips the direction on the same header. */
function SortedList() {
  const [sort, setSort] = useState<{ column: SortKey; direction: SortDirection }>({
    column: 'name',
    direction: 'asc',
  });
  const order = `${sort.column}:${sort.direction}`;
  return (
    <ListPage<Row, SortKey>
      title="Things"
      listKey="things"
      queryKey={['things']}
      search={async (search) => {
        asked.push({ ...search, order });
        return { data: rows, count: rows.length };
      }}
      filters={{ order }}
      columns={columns}
      sorting={{
        ...sort,
        onSort: (column, direction) =>
          setSort((now) => ({
            column,
            direction: direction ?? (now.column === column && now.direction === 'asc' ? 'desc' : 'asc'),
          })),
      }}
      emptyText="None."
      noun="Things"
    />
  );
}

beforeEach(() => {
  asked = [];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  ticketStore.clear();
});

describe('a list that sorts', () => {
  it('makes the sortable headers buttons, says the order, and searches again when it changes', async () => {
    show(<SortedList />);
    await screen.findByText('2 items');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Size').getAttribute('aria-sort')).toBe('none');
    // A header the server cannot sort by stays plain.
    expect(header('Note').getAttribute('aria-sort')).toBeNull();
    expect(within(header('Note')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Things, sorted by Name (ascending)',
    );

    const size = within(header('Size')).getByRole('button', { name: /Size/ });
    expect(size.getAttribute('type')).toBe('button');
    size.focus();
    expect(document.activeElement).toBe(size);
    fireEvent.click(size);
    await waitFor(() => expect(header('Size').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    await waitFor(() => expect(asked.at(-1)).toEqual({ query: '', skip: 0, take: 12, order: 'size:asc' }));

    fireEvent.click(within(header('Size')).getByRole('button'));
    await waitFor(() => expect(header('Size').getAttribute('aria-sort')).toBe('descending'));
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe(
      'Things, sorted by Size (descending)',
    );
    await waitFor(() => expect(asked.at(-1)?.order).toBe('size:desc'));
  });

  it('offers the same orders in a Sort by select, for phones where the headers are hidden', async () => {
    show(<SortedList />);
    await screen.findByText('2 items');
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    // Every sortable column both ways; a column the server cannot sort by is not offered.
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Name (ascending)',
      'Name (descending)',
      'Size (ascending)',
      'Size (descending)',
    ]);
    expect(select.value).toBe('name:asc');
    fireEvent.change(select, { target: { value: 'size:desc' } });
    await waitFor(() => expect(asked.at(-1)?.order).toBe('size:desc'));
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('size:desc');
  });

  it('draws plain headers without sorting', async () => {
    show(
      <ListPage<Row>
        title="Things"
        listKey="things"
        queryKey={['plain-things']}
        search={async () => ({ data: rows, count: rows.length })}
        columns={columns}
        emptyText="None."
        noun="Things"
      />,
    );
    await screen.findByText('2 items');
    expect(screen.queryAllByRole('button', { name: /Name|Size/ })).toEqual([]);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Things');
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });
});
