import { useState } from 'react';
import { Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatTemplate } from '@pharma/contracts';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useChatTemplates, useDeleteChatTemplate } from '../api/chat-templates-api';
import { TemplateFormModal } from '../components/template-form-modal';

/** Settings → Reply templates: ready answers of the client chats, shown in the current language; changed with settings.edit. */
export function ChatTemplatesPage() {
  const { t } = useTranslation('chats');
  const lng = useLanguage();
  const canEdit = useCan('settings.edit');
  const query = useChatTemplates();
  const remove = useDeleteChatTemplate();
  const [target, setTarget] = useState<ChatTemplate | 'new' | null>(null);

  const actions = useActionsColumn<ChatTemplate>(canEdit, 96, (tpl) => (
    <RowActions
      edit={{ label: t('templates.editOf', { name: tpl.name }), onClick: () => setTarget(tpl) }}
      remove={{ label: t('templates.deleteOf', { name: tpl.name }), onConfirm: () => remove.mutateAsync(tpl.id) }}
    />
  ));
  const columns: TableProps<ChatTemplate>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('templates.name'), width: 240 },
    {
      key: 'text',
      title: t('templates.textColumn'),
      render: (_, tpl) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, whiteSpace: 'pre-wrap' }} lang={lng}>
          {tpl.text[lng]}
        </Typography.Paragraph>
      ),
    },
    ...actions,
  ];
  return (
    <ReferenceListPage<ChatTemplate>
      title={t('templates.title')}
      add={{ show: canEdit, label: t('templates.add'), onClick: () => setTarget('new') }}
      table={{ query, rows: query.data, rowKey: 'id', columns, emptyText: t('templates.empty') }}
    >
      {target ? <TemplateFormModal template={target === 'new' ? null : target} onClose={() => setTarget(null)} /> : null}
    </ReferenceListPage>
  );
}
