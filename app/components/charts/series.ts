/** Series visibility shared by the charts with legends: uncontrolled React state, or controlled by the caller (e.g. kept in the URL). */
import { useState } from "react";

export function useSeriesVisibility<K extends string>(ids: readonly K[], controlled?: Partial<Record<K, boolean>>, onChange?: (next: Record<K, boolean>) => void) {
  const [own, setOwn] = useState<Partial<Record<K, boolean>>>({});
  const source = controlled ?? own;
  const visible = Object.fromEntries(ids.map((id) => [id, source[id] !== false])) as Record<K, boolean>;
  const toggle = (id: K) => {
    const next = { ...visible, [id]: !visible[id] };
    if (!controlled) setOwn(next);
    onChange?.(next);
  };
  return { visible, toggle };
}
