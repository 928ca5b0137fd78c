import { useEffect, useRef } from 'react';

/** Calls `effect(value)` once `value` has stayed the same for `delay` ms. */
export function useDebouncedEffect<T>(value: T, delay: number, effect: (value: T) => void): void {
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
}
