// The body of a post: a TipTap (ProseMirror) editor with a toolbar of MUI buttons (bold, italic,
// underline, strike, H2, H3, lists, quote, link, a picture from the file manager, a YouTube video,
// undo and redo). Pasting from Word goes through ProseMirror's HTML parsing, and Bangla input
// methods work as in any contenteditable. The HTML it gives is what the server keeps (it sanitises
// it again). Load it with React.lazy only: TipTap is ~100 KB that only writers ever need.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, IconButton, Skeleton, Stack, TextField, Typography } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RedoIcon from '@mui/icons-material/Redo';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import UndoIcon from '@mui/icons-material/Undo';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Image from '@tiptap/extension-image';
import Youtube, { isValidYoutubeUrl } from '@tiptap/extension-youtube';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/deferred-mui';
import { useToast } from '../../../components/ui/toast-provider';
import type { PickerFile } from '../../../lib/file-picker-api';
import { useErrorText } from '../../../lib/use-error-text';
import { attachPostMedia } from '../api/publishing-api';

const FilePickerDialog = lazy(() => import('../../../components/ui/file-picker-dialog').then((m) => ({ default: m.FilePickerDialog })));

/** The editable area's least height (about ten lines). */
const MIN_HEIGHT = 240;

export interface RichTextEditorProps {
  /** The editable area's id. */
  id: string;
  /** Shown above it and its accessible name. */
  label: string;
  /** The HTML it starts with (later changes of the prop are not read: it is the editor's). */
  value: string;
  /** The editor's HTML after each change; '' when it holds nothing. */
  onChange: (html: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The saved HTML keeps embedded YouTube players as bare iframes (the server drops the wrapper's
 * data attribute): they are read back as videos, not lost on the next save.
 */
const SavedYoutube = Youtube.extend({
  parseHTML() {
    return [
      { tag: 'div[data-youtube-video] iframe' },
      { tag: 'iframe[src]', getAttrs: (el: HTMLElement) => (isValidYoutubeUrl(el.getAttribute('src')) ? null : false) },
    ];
  },
});

/** A link as typed: http(s) and mailto kept, a bare host name taken as https; null when it is none. */
export function linkHref(typed: string): string | null {
  const v = typed.trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol === 'mailto:') return withScheme;
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.') ? withScheme : null;
  } catch {
    return null;
  }
}

export default function RichTextEditor({ id, label, value, onChange, error, disabled = false }: RichTextEditorProps) {
  const { t } = useTranslation('publishing');
  const helperId = useId();
  // The editor is created once; the latest handler is read through the ref.
  const changed = useRef(onChange);
  changed.current = onChange;
  // Typed as always there; null only without a DOM (see below).
  const editor: Editor | null = useEditor({
    extensions: [
      StarterKit.configure({
        // The server keeps h2 to h4; the post's title is its h1.
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      SavedYoutube.configure({ nocookie: true, width: 640, height: 360, HTMLAttributes: { title: 'YouTube' } }),
    ],
    content: value,
    // Our styles (below) stand for TipTap's: an injected <style> would carry no CSP nonce.
    injectCSS: false,
    editable: !disabled,
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-required': 'true', 'aria-label': label, spellcheck: 'true' },
    },
    onUpdate: ({ editor }) => changed.current(editor.isEmpty ? '' : editor.getHTML()),
  });

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-required': 'true', 'aria-label': label, spellcheck: 'true', 'aria-invalid': error ? 'true' : 'false', ...(error ? { 'aria-describedby': helperId } : {}) },
      },
    });
  }, [editor, id, label, error, helperId]);

  // Without a DOM (a static render) TipTap makes no editor: the placeholder of its size stays.
  if (!editor) return <Skeleton variant="rounded" height={MIN_HEIGHT + 60} data-testid={`${id}-loading`} />;

  return (
    <Box data-testid="rich-text-editor">
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }} aria-hidden="true">
        {label} *
      </Typography>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: error ? 'error.main' : theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.23)' : 'rgba(0,0,0,0.23)',
          borderRadius: 1,
          bgcolor: 'background.paper',
          '&:hover': { borderColor: error ? 'error.main' : 'text.primary' },
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: `inset 0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
          opacity: disabled ? 0.7 : 1,
        })}
      >
        <Toolbar editor={editor} editorId={id} disabled={disabled} />
        <Box sx={editorStyles}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={helperId} error role="alert" sx={{ mx: 1.75 }} data-testid="post-body-error">
          {error}
        </FormHelperText>
      )}
      {!error && (
        <FormHelperText sx={{ mx: 1.75 }}>{t('editor.hint')}</FormHelperText>
      )}
    </Box>
  );
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          disabled={disabled}
          // Keeps the editor's selection: the command applies to what was selected.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          sx={{ borderRadius: 1, ...(active && { bgcolor: 'action.selected' }) }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const headingText = (level: 2 | 3) => (
  <Box component="span" sx={{ fontWeight: 700, fontSize: 14, lineHeight: '24px', width: 24, textAlign: 'center' }}>
    H{level}
  </Box>
);

function Toolbar({ editor, editorId, disabled }: { editor: Editor; editorId: string; disabled: boolean }) {
  const { t } = useTranslation('publishing');
  const toast = useToast();
  const errorText = useErrorText();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [dialog, setDialog] = useState<'link' | 'youtube' | null>(null);
  const [picking, setPicking] = useState(false);
  const [pickerUsed, setPickerUsed] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const chain = () => editor.chain().focus();

  const insertImage = async (file: PickerFile) => {
    setPicking(false);
    setAttaching(true);
    try {
      const src = file.is_url ? file.file_main_path : (await attachPostMedia(file.id)).url;
      chain().setImage({ src, alt: file.title || '' }).run();
    } catch (err) {
      toast.show(errorText(err), { severity: 'error' });
    } finally {
      setAttaching(false);
    }
  };

  return (
    <>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={editorId}
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', borderTopLeftRadius: 4, borderTopRightRadius: 4 }}
        data-testid="editor-toolbar"
      >
        <ToolButton label={t('editor.bold')} active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
          <FormatBoldIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.italic')} active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
          <FormatItalicIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.underline')} active={state.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()}>
          <FormatUnderlinedIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.strike')} active={state.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()}>
          <StrikethroughSIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.h2')} active={state.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          {headingText(2)}
        </ToolButton>
        <ToolButton label={t('editor.h3')} active={state.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          {headingText(3)}
        </ToolButton>
        <ToolButton label={t('editor.bullet_list')} active={state.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
          <FormatListBulletedIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.ordered_list')} active={state.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
          <FormatListNumberedIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.quote')} active={state.quote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
          <FormatQuoteIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.link')} active={state.link} disabled={disabled} onClick={() => setDialog('link')}>
          <LinkIcon fontSize="small" />
        </ToolButton>
        <ToolButton
          label={t('editor.image')}
          disabled={disabled || attaching}
          onClick={() => {
            setPicking(true);
            setPickerUsed(true);
          }}
        >
          <AddPhotoAlternateOutlinedIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.youtube')} disabled={disabled} onClick={() => setDialog('youtube')}>
          <YouTubeIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.undo')} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()}>
          <UndoIcon fontSize="small" />
        </ToolButton>
        <ToolButton label={t('editor.redo')} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()}>
          <RedoIcon fontSize="small" />
        </ToolButton>
      </Stack>
      <UrlDialog
        open={dialog === 'link'}
        title={t('editor.link_title')}
        label={t('editor.link_url')}
        hint={t('editor.link_hint')}
        initial={dialog === 'link' ? String(editor.getAttributes('link').href ?? '') : ''}
        emptyAllowed
        check={(v) => (linkHref(v) ? null : t('editor.link_invalid'))}
        onClose={() => setDialog(null)}
        onApply={(v) => {
          setDialog(null);
          const href = linkHref(v);
          if (!href) {
            chain().extendMarkRange('link').unsetLink().run();
          } else if (editor.state.selection.empty && !editor.isActive('link')) {
            // Nothing selected: the link's own address becomes its text.
            chain().insertContent({ type: 'text', text: v.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
          } else {
            chain().extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
      <UrlDialog
        open={dialog === 'youtube'}
        title={t('editor.youtube_title')}
        label={t('editor.youtube_url')}
        hint={t('editor.youtube_hint')}
        initial=""
        check={(v) => (v.trim() ? (isValidYoutubeUrl(v.trim()) ? null : t('editor.youtube_invalid')) : t('editor.youtube_required'))}
        onClose={() => setDialog(null)}
        onApply={(v) => {
          setDialog(null);
          chain().setYoutubeVideo({ src: v.trim() }).run();
        }}
      />
      {pickerUsed && (
        <Suspense fallback={null}>
          <FilePickerDialog open={picking} onClose={() => setPicking(false)} onPick={(f) => void insertImage(f)} type="image" allowLinks={false} title={t('editor.image_picker')} />
        </Suspense>
      )}
    </>
  );
}

/** A small dialog asking for an address (a link's, a video's), checked before it is applied. */
function UrlDialog({ open, title, label, hint, initial, emptyAllowed, check, onApply, onClose }: {
  open: boolean;
  title: string;
  label: string;
  hint: string;
  initial: string;
  /** Applying an empty field is allowed (removes the link). */
  emptyAllowed?: boolean;
  /** The problem of the typed value, worded; null when it is fine. */
  check: (value: string) => string | null;
  onApply: (value: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['publishing', 'common']);
  const titleId = useId();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the current address.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue(initial);
      setProblem(null);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The post's form around the editor must not be submitted too.
          e.stopPropagation();
          const found = emptyAllowed && !value.trim() ? null : check(value);
          setProblem(found);
          if (!found) onApply(value);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={label}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setProblem(null);
            }}
            autoFocus
            fullWidth
            type="url"
            placeholder="https://"
            error={!!problem}
            helperText={problem ?? hint}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('publishing:editor.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** ProseMirror's own rules (TipTap's injected CSS) and the post's look while it is written. */
const editorStyles = {
  '& .ProseMirror': {
    minHeight: MIN_HEIGHT,
    px: 1.75,
    py: 1.5,
    outline: 'none',
    position: 'relative',
    whiteSpace: 'pre-wrap',
    wordWrap: 'break-word',
    overflowWrap: 'anywhere',
    typography: 'body1',
    '& > *:first-of-type': { mt: 0 },
    '& p': { my: 1 },
    '& h2': { typography: 'h5', mt: 2, mb: 1 },
    '& h3': { typography: 'h6', mt: 2, mb: 1 },
    '& h4': { typography: 'subtitle1', fontWeight: 700, mt: 2, mb: 1 },
    '& ul, & ol': { pl: 3, my: 1 },
    '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, my: 1.5, color: 'text.secondary' },
    '& a': { color: 'primary.main', textDecoration: 'underline' },
    '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
    '& pre': { fontFamily: 'monospace', bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto', whiteSpace: 'pre' },
    '& img': { display: 'block', maxWidth: '100%', height: 'auto', my: 1.5, borderRadius: 1 },
    '& div[data-youtube-video]': { my: 1.5 },
    '& iframe': { display: 'block', width: '100%', maxWidth: 640, height: 'auto', aspectRatio: '16 / 9', border: 0, borderRadius: 1 },
    '& [contenteditable="false"]': { whiteSpace: 'normal' },
    '& .ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'primary.main' },
    '& li > p': { my: 0.25 },
  },
  '& .ProseMirror-hideselection *::selection': { background: 'transparent' },
  '& .ProseMirror-hideselection': { caretColor: 'transparent' },
  '& .ProseMirror-gapcursor': { display: 'none', pointerEvents: 'none', position: 'absolute' },
  '& .ProseMirror-gapcursor:after': { content: '""', display: 'block', position: 'absolute', top: -2, width: 20, borderTop: '1px solid', borderColor: 'text.primary' },
  '& .ProseMirror-focused .ProseMirror-gapcursor': { display: 'block' },
} as const;
