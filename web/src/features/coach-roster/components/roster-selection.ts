import { useCallback, useMemo, useState } from 'react';

/** The roster's selected participants, for "Imposta pacchetto". */
export interface RosterSelection {
  selected: ReadonlySet<string>;
  toggle: (userId: string) => void;
}

/** The selection, kept to the ids still shown (a filter or a search hides the others: they leave it). */
export function useRosterSelection(shownIds: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => new Set(shownIds.filter((id) => picked.has(id))), [picked, shownIds]);
  const toggle = useCallback(
    (userId: string) =>
      setPicked((current) => {
        const next = new Set(current);
        if (next.has(userId)) next.delete(userId);
        else next.add(userId);
        return next;
      }),
    [],
  );
  const setAll = useCallback((all: boolean) => setPicked(all ? new Set(shownIds) : new Set()), [shownIds]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selected, toggle, setAll, clear };
}
