import { useCallback, useState } from 'react';
import { storedPageSize, storePageSize } from './preferences';

/** A list's page size, remembered per list in the user preferences. */
export function usePageSize(listKey: string): [number, (size: number) => void] {
  const [size, setSize] = useState(() => storedPageSize(listKey));
  const choose = useCallback(
    (next: number) => {
      storePageSize(listKey, next);
      setSize(next);
    },
    [listKey],
  );
  return [size, choose];
}
