import { Alert, Paper, Stack } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { clearDraft, closeDraft, readDraft, saveDraft, setEditing } from '../../core/drafts.ts';
import { messages } from '../../core/messages.ts';
import type { z } from 'zod';
import { PageHeader } from '../PageHeader.tsx';
import { useDirtyGuard } from '../useDirtyGuard.ts';
import { contractResolver } from './contractResolver.ts';
import { FormError } from './FormError.tsx';
import { useServerErrors } from './serverErrors.ts';
import { FormActions } from './FormActions.tsx';

export interface RecordFormOptions<S extends z.ZodType<FieldValues, FieldValues>, Saved> {
  /** The contract's payload schema: the form holds its input and submits its output. */
  schema: S;
  initial: DefaultValues<z.input<S>>;
  /** Sends the payload; answers the saved record (a TanStack mutation's mutateAsync). */
  save: (values: z.output<S>) => Promise<Saved>;
  /** Once saved and allowed to leave: tell the user and go where the record is shown. */
  onSaved: (saved: Saved) => unknown;
}

export interface RecordForm<S extends z.ZodType<FieldValues, FieldValues>> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  submit: (event?: FormEvent) => Promise<void>;
  formError: string | null;
  /** The form came back with the unsaved values of before a reload. */
  draftRestored: boolean;
}

/**
 * The create/edit form of a record screen: validated by the contract's schema, the server's field errors on
 * their fields (the rest above the form), and a warning before leaving with unsaved changes, lifted once saved.
 * While edited, its values are kept as a draft of the page (core/drafts.ts): a reload gives them back.
 */
export function useRecordForm<S extends z.ZodType<FieldValues, FieldValues>, Saved>({
  schema,
  initial,
  save,
  onSaved,
}: RecordFormOptions<S, Saved>): RecordForm<S> {
  const draftId = useLocation().pathname;
  const [draft] = useState(() => readDraft(draftId));
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: contractResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const [guardado, setGuardado] = useState(false);
  const dirty = form.formState.isDirty && !guardado;
  const { allowLeave } = useDirtyGuard(dirty);
  // A layout effect, run in the same task that puts the form on the page: a passive one runs later, and on a busy
  // machine a user (or a test) could type into the fields before it did, so that those first changes were never kept.
  // once, when the form opens: the draft is restored and watched for the life of the form, and cleared when it closes;
  // a new initial or path must not restore it again nor clear it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useLayoutEffect(() => {
    // The draft goes over the record's values, which stay the defaults: the form is dirty as it was.
    if (draft) form.reset({ ...initial, ...draft } as DefaultValues<z.input<S>>, { keepDefaultValues: true });
    const watching = form.watch((values, { type }) => {
      if (type === 'change') saveDraft(draftId, values);
    });
    return () => {
      watching.unsubscribe();
      // Left inside the portal (saved, cancelled, or another screen once the user agreed to leave): nothing to keep.
      // A reload runs no cleanup, and a screen replaced as the page goes keeps its draft (closeDraft).
      closeDraft(draftId);
    };
    // Once, when the form opens: the draft is read at the first render.
  }, []);
  const wasDirty = useRef(false);
  useEffect(() => {
    setEditing(draftId, dirty);
    // Changed back to the record's values: nothing left to keep.
    if (wasDirty.current && !dirty) clearDraft(draftId);
    wasDirty.current = dirty;
    return () => setEditing(draftId, false);
  }, [draftId, dirty]);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await save(values);
      setGuardado(true);
      clearDraft(draftId);
      allowLeave();
      await onSaved(saved);
    } catch (error) {
      onServerError(error);
    }
  });
  return { form, submit, formError, draftRestored: draft !== null };
}

export interface RecordFormScreenProps {
  title: string;
  back: { to: string; label: string };
  /** Where Cancel goes: the record, or the list for a new one. */
  cancelTo: string;
  maw?: number;
  recordForm: {
    submit: (event?: FormEvent) => Promise<void>;
    formError: string | null;
    form: { formState: { isSubmitting: boolean; isDirty: boolean } };
    draftRestored?: boolean;
  };
  children: ReactNode;
}

/** The page around a record's form: header with the way back, the form's error, its fields, Cancel and Guardar. */
export function RecordFormScreen({ title, back, cancelTo, maw = 960, recordForm, children }: RecordFormScreenProps) {
  const navigate = useNavigate();
  // A record's edit waits for a change before Guardar (saving the same values would record an empty change); a new
  // one's (every area's `…/nuevo` or `…/nueva`) is sent as it is, for its required fields to say what is missing.
  const nuevo = /\/nuev[oa]$/.test(useLocation().pathname);
  return (
    <>
      <PageHeader title={title} back={back} />
      <Paper withBorder p="lg" radius="md" maw={maw}>
        <form onSubmit={(event) => void recordForm.submit(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <FormError message={recordForm.formError} />
            {recordForm.draftRestored && (
              <Alert variant="light" color="blue" data-testid="borrador-recuperado">
                {messages.sesion.borradorRecuperado}
              </Alert>
            )}
            {children}
            <FormActions
              onCancel={() => void navigate(cancelTo)}
              submitting={recordForm.form.formState.isSubmitting}
              sinCambios={!nuevo && !recordForm.form.formState.isDirty}
            />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
