import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `effect(value)` once `value` has stayed the same for `delay` ms. Answers a function that
 * drops the call still waiting, if any.
 */
export function useDebouncedEffect<T>(value: T, delay: number, effect: (value: T) => void): () => void {
  const latest = useRef(effect);
  latest.current = effect;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    timer.current = setTimeout(() => latest.current(value), delay);
    return () => clearTimeout(timer.current);
  }, [value, delay]);
  return useCallback(() => clearTimeout(timer.current), []);
}
