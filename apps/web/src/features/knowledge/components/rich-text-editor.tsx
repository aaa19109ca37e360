import { useRef } from 'react';
import { Button, Divider, Flex, Tooltip } from 'antd';
import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';

/*
 * The article editor (Tiptap, only in the editor page's chunk): headings, lists, tables, images and links
 * — what the server's sanitizer keeps (apps/server/src/modules/knowledge/knowledge-html.ts).
 */
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ['mailto', 'tel'] }, codeBlock: false }),
  Image.configure({ inline: false }),
  TableKit.configure({ table: { resizable: false } }),
];

function Toolbar({ editor, onImage }: { editor: Editor; onImage?: (file: File) => Promise<string | null> }) {
  const { t } = useTranslation('knowledge');
  const file = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: React.ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={label} aria-pressed={active} disabled={disabled} onClick={run} />
    </Tooltip>
  );
  const text = (label: string, short: string, active: boolean, run: () => void) => (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} onClick={run}>
        {short}
      </Button>
    </Tooltip>
  );
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('editor.linkAddress'), previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Flex className="knowledge-editor-toolbar" gap={2} wrap align="center" role="toolbar" aria-label={t('editor.toolbar')}>
      {text(t('editor.heading2'), 'H2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {text(t('editor.heading3'), 'H3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {tool(t('editor.bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool(t('editor.italic'), <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool(t('editor.bulletList'), <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
      {tool(t('editor.orderedList'), <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
      {tool(t('editor.link'), <LinkOutlined />, state.link, setLink)}
      <Divider type="vertical" />
      {tool(t('editor.insertTable'), <TableOutlined />, false, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), state.table)}
      {state.table ? (
        <>
          {tool(t('editor.addRow'), <InsertRowBelowOutlined />, false, () => chain().addRowAfter().run())}
          {tool(t('editor.addColumn'), <InsertRowRightOutlined />, false, () => chain().addColumnAfter().run())}
          {tool(t('editor.deleteColumn'), <DeleteColumnOutlined />, false, () => chain().deleteColumn().run())}
          {tool(t('editor.deleteTable'), <DeleteOutlined />, false, () => chain().deleteTable().run())}
        </>
      ) : null}
      <Divider type="vertical" />
      {tool(t('editor.image'), <PictureOutlined />, false, () => file.current?.click(), !onImage)}
      <input
        ref={file}
        type="file"
        hidden
        data-testid="editor-image-input"
        accept="image/png,image/jpeg,image/webp"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (!chosen || !onImage) return;
          void onImage(chosen).then((src) => {
            if (src) chain().setImage({ src, alt: chosen.name }).run();
          });
        }}
      />
    </Flex>
  );
}

/** The rich-text editor of one language's text; `onImage` uploads an image and answers the address to show it at. */
export function RichTextEditor({
  initial,
  onChange,
  onImage,
  label,
}: {
  initial: string;
  onChange: (html: string) => void;
  onImage?: (file: File) => Promise<string | null>;
  label: string;
}) {
  const editor = useEditor({
    extensions,
    content: initial,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
  });
  return (
    <div className="knowledge-editor">
      <Toolbar editor={editor} onImage={onImage} />
      <EditorContent editor={editor} />
    </div>
  );
}
