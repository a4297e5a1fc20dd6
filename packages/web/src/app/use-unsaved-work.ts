/** A component's unsaved work, registered while it is mounted (see unsaved-work.ts). */
import { useEffect, useRef } from 'react';
import { registerUnsavedWork } from './unsaved-work.js';

/** `describe` is read when asked (at a close or an unload), so it always sees the component's latest state. */
export function useUnsavedWork(id: string, describe: () => string | null): void {
  const latest = useRef(describe);
  latest.current = describe;
  useEffect(() => registerUnsavedWork(id, () => latest.current()), [id]);
}
