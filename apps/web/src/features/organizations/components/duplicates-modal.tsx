import { Button, Flex, List, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DuplicateCandidate } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { organizationPaths } from '../paths';
import { BlockedTag, OrganizationTypeTag } from './organization-tags';
import { LinkButton } from '../../../components/link-button';

/**
 * Likely duplicates found before saving (same inn, or a similar name within 50 m): open the
 * existing one, or save anyway.
 */
export function DuplicatesModal({
  candidates,
  onContinue,
  onCancel,
  saving,
}: {
  candidates: DuplicateCandidate[] | null;
  onContinue: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('organizations');
  // a similar name nearby first (most likely the same place), then the nearest
  const sorted = [...(candidates ?? [])].sort(
    (a, b) => Number(b.reasons.includes('nameNearby')) - Number(a.reasons.includes('nameNearby')) || (a.distance ?? Infinity) - (b.distance ?? Infinity),
  );
  return (
    <Modal
      open={!!candidates}
      title={t('titles.duplicates')}
      onCancel={onCancel}
      width={640}
      styles={{ body: { maxHeight: '62vh', overflowY: 'auto' } }}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onCancel}>{t('actions.backToForm')}</Button>
          <Button type="primary" onClick={onContinue} loading={saving}>
            {t('actions.saveAnyway')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('messages.duplicatesFound')}</Typography.Paragraph>
      <List
        dataSource={sorted}
        rowKey="id"
        renderItem={(c) => (
          <List.Item
            actions={
              c.visible
                ? [
                    <LinkButton key="open" to={organizationPaths.detail(c.id)}>
                      {t('actions.openExisting')}
                    </LinkButton>,
                  ]
                : [
                    <Typography.Text key="hidden" type="secondary" style={{ fontSize: 12 }}>
                      {t('messages.duplicateOutsideTerritory')}
                    </Typography.Text>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <Flex gap={6} wrap align="center">
                  <span>{c.name}</span>
                  <OrganizationTypeTag type={c.type} />
                  {c.blocked ? <BlockedTag block={null} /> : null}
                </Flex>
              }
              description={
                <Flex vertical gap={4}>
                  <span>{c.address}</span>
                  <span>
                    {t('fields.inn.label')}: {c.inn}
                    {c.distance !== null ? ` · ${t('messages.distance', { meters: formatNumber(Math.round(c.distance)) })}` : ''}
                  </span>
                  <Flex gap={4} wrap>
                    {c.reasons.map((r) => (
                      <Tag key={r} color="warning" variant="filled">
                        {t(`enums:duplicateReason.${r}`)}
                      </Tag>
                    ))}
                  </Flex>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
