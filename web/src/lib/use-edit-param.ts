// `?edit=`: what a page's dialog edits (`new`, a record's id, a field), in the address so that Back
// closes the dialog on phones.
import { useState } from 'react';
import { useSearchParams } from 'react-router';

export function useEditParam() {
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  // The dialog stays mounted once opened, so that it closes with its transition.
  const [editUsed, setEditUsed] = useState(false);
  if (edit !== null && !editUsed) setEditUsed(true);
  /** Opens the dialog on `target`: a new entry in the history. */
  const openEdit = (target: string) =>
    setParams((p) => {
      p.set('edit', target);
      return p;
    });
  /** Closes the dialog, in place of its entry. */
  const closeEdit = () =>
    setParams(
      (p) => {
        p.delete('edit');
        return p;
      },
      { replace: true },
    );
  return { edit, editUsed, openEdit, closeEdit };
}
