import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { keepDraftAcrossReload, takeDraft, type DraftId } from './reload-drafts';

/** A react-hook-form form whose values survive that reload: restored when it mounts again. */
export function useDraftAcrossReload<Values extends FieldValues>(id: DraftId, form: UseFormReturn<Values>) {
  const latest = useRef(form);
  useEffect(() => {
    latest.current = form;
  });
  useEffect(() => {
    const draft = takeDraft<Partial<Values>>(id);
    if (draft && typeof draft === 'object') {
      latest.current.reset({ ...latest.current.getValues(), ...draft }, { keepDefaultValues: true });
    }
    return keepDraftAcrossReload(id, () => latest.current.getValues());
  }, [id]);
}
