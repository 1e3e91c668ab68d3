import type * as Mui from '@mui/material';
import { Box } from '@mui/material';
import { Suspense, use, type ComponentType } from 'react';

let textField: Promise<typeof Mui.TextField> | undefined;
const LoadedTextField = deferredInner(() => (textField ??= import('./deferred-text-field').then((m) => m.TextField)));

function deferredInner<P extends object>(load: () => Promise<ComponentType<P>>) {
  return function Inner(props: P) {
    const Loaded = use(load());
    return <Loaded {...props} />;
  };
}

/**
 * TextField for a form that appears late on a page that does not otherwise need it (the review
 * form of the course page): its code comes when the first one is drawn, a box of about its height
 * stands in meanwhile.
 */
function DeferredTextField(props: Mui.TextFieldProps) {
  const rows = props.multiline ? Number(props.minRows ?? props.rows ?? 1) : 1;
  return (
    <Suspense fallback={<Box sx={{ minHeight: 33 + rows * 23, width: props.fullWidth ? '100%' : undefined }} />}>
      <LoadedTextField {...(props as object)} />
    </Suspense>
  );
}
export const LateTextField = DeferredTextField as typeof Mui.TextField;
