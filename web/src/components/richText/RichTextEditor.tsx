import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { BulletListIcon, ImageIcon, LinkIcon, NumberedListIcon } from '../icons/icons';
import './richTextEditor.css';

/** Embedded images travel inside the item's JSON; the server takes bodies up to 5 MiB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type RichTextEditorProps = {
  /** Labels the editable area (the field's label element). */
  labelId: string;
  value: string | null | undefined;
  /** The HTML, or '' when the editor is empty. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  describedBy?: string;
};

function withScheme(url: string): string {
  const text = url.trim();
  if (!text) return '';
  return /^(https?:|mailto:)/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The rich-text editor of the content screens (tiptap 3): headings, bold, italic, lists, links and
 * images uploaded as embedded data, shown full width with automatic height (docs/product.md#limits).
 * Loaded lazily by RichTextField, so only the editors' pages fetch it.
 */
export function RichTextEditor({
  labelId,
  value,
  onChange,
  onBlur,
  readOnly = false,
  describedBy,
}: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const linkInputId = useId();
  const [linkText, setLinkText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The last HTML this editor reported, so a value coming back from the form is not re-applied.
  const reported = useRef(value ?? '');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ allowBase64: true }),
    ],
    content: value ?? '',
    editable: !readOnly,
    // Its CSS comes with the app's stylesheet: an injected <style> would need CSP 'unsafe-inline'.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'smr-rich-text smr-rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-readonly': String(readOnly),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      reported.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });

  // The form may replace the value (a reset after saving); anything else came from this editor.
  useEffect(() => {
    if (!editor || (value ?? '') === reported.current) return;
    reported.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  if (!editor) return null;

  const chain = () => editor.chain().focus();
  const openLink = () => {
    setLinkText((editor.getAttributes('link').href as string | undefined) ?? '');
  };
  const applyLink = (event?: FormEvent) => {
    event?.preventDefault();
    const href = withScheme(linkText ?? '');
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkText(null);
  };
  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem('Please choose an image file.');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem('Images can be at most 2 MB.');
      return;
    }
    setProblem(null);
    const src = await readAsDataUrl(file);
    chain()
      .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
      .run();
  };

  const tools: {
    label: string;
    content: ReactNode;
    className?: string;
    pressed?: boolean;
    run: () => void;
  }[] = [
    {
      label: 'Heading',
      content: 'H2',
      pressed: active?.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      content: 'H3',
      pressed: active?.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bold',
      content: 'B',
      className: 'smr-rte-tool-bold',
      pressed: active?.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      label: 'Italic',
      content: 'I',
      className: 'smr-rte-tool-italic',
      pressed: active?.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      label: 'Bulleted list',
      content: <BulletListIcon size={18} />,
      pressed: active?.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      content: <NumberedListIcon size={18} />,
      pressed: active?.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    { label: 'Link', content: <LinkIcon size={18} />, pressed: active?.link, run: openLink },
    { label: 'Insert image', content: <ImageIcon size={18} />, run: () => fileInput.current?.click() },
  ];

  return (
    <div className={`smr-rte${readOnly ? ' smr-rte-readonly' : ''}`}>
      {readOnly ? null : (
        <div className="smr-rte-toolbar" role="toolbar" aria-labelledby={labelId}>
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              className={`smr-rte-tool ${tool.className ?? ''}`.trim()}
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            >
              {tool.content}
            </button>
          ))}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="d-none"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void chooseImage(event)}
          />
        </div>
      )}
      {linkText !== null ? (
        <div className="smr-rte-linkbar">
          <label htmlFor={linkInputId} className="visually-hidden">
            Link address
          </label>
          <input
            id={linkInputId}
            type="url"
            className="form-control form-control-sm"
            placeholder="https://example.org"
            value={linkText}
            // biome-ignore lint/a11y/noAutofocus: the bar opens on request, to type the address
            autoFocus
            onChange={(event) => setLinkText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyLink(event);
              if (event.key === 'Escape') setLinkText(null);
            }}
          />
          <button type="button" className="btn btn-sm btn-primary" onClick={() => applyLink()}>
            Apply
          </button>
          {active?.link ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkText(null);
              }}
            >
              Remove link
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setLinkText(null)}
          >
            Cancel
          </button>
        </div>
      ) : null}
      {problem ? (
        <div className="smr-rte-problem text-danger small" role="alert">
          {problem}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
