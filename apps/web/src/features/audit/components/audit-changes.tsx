import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  formatPhone,
  localized,
  permissionActions,
  permissionAreas,
  specialPermissions,
  type AuditEntry,
  type Language,
  type LocalizedText,
} from '@pharma/contracts';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

const hidden = new Set(['id']);

function isLocalizedText(value: unknown): value is LocalizedText {
  return !!value && typeof value === 'object' && 'ru' in value && 'en' in value;
}

function grantLabel(t: TFunction, grant: string): string {
  if ((specialPermissions as readonly string[]).includes(grant)) return t(`enums:specialPermission.${grant}`);
  const [area, action] = grant.split('.');
  if (!(permissionAreas as readonly string[]).includes(area ?? '') || !(permissionActions as readonly string[]).includes(action ?? '')) return grant;
  return t('audit:messages.grant', { area: t(`enums:permissionArea.${area}`), action: t(`enums:permissionAction.${action}`) });
}

/** A stored value as a person reads it: names in the current language, roles and scopes translated, dates yyyy-MM-dd. */
function readable(t: TFunction, lng: Language, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'role' && typeof value === 'string') return t(`enums:role.${value}`);
  if (field === 'scope' && typeof value === 'string') return t(`enums:dataScope.${value}`);
  if (field === 'active' && typeof value === 'boolean') return t(`enums:active.${String(value)}`);
  if (field === 'birthDate' && typeof value === 'string') return formatDate(value);
  if (typeof value === 'boolean') return value ? t('common:actions.yes') : t('common:actions.no');
  if (isLocalizedText(value)) return localized(value, lng);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field === 'phones') return value.map((v) => formatPhone(String(v))).join(', ');
    return value.map(String).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changes of one audit entry, one line per field: old value struck through, then the new one. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const lng = useLanguage();
  const fields = Object.entries(entry.changes).filter(([field]) => !hidden.has(field));
  if (fields.length === 0) return <span className="cell-muted">—</span>;

  const lines: ReactNode[] = fields.map(([field, { from, to }]) => {
    const label = t(`changeFields.${field}`, { defaultValue: field });
    if (field === 'grants' && Array.isArray(from) && Array.isArray(to)) {
      const added = to.filter((g) => !from.includes(g)).map(String);
      const removed = from.filter((g) => !to.includes(g)).map(String);
      return (
        <li key={field}>
          <Typography.Text type="secondary">{label}: </Typography.Text>
          {added.map((g) => (
            <Typography.Text key={`+${g}`} type="success" className="nowrap">
              {t('messages.added', { value: grantLabel(t, g) })}{' '}
            </Typography.Text>
          ))}
          {removed.map((g) => (
            <Typography.Text key={`-${g}`} type="danger" className="nowrap">
              {t('messages.removed', { value: grantLabel(t, g) })}{' '}
            </Typography.Text>
          ))}
        </li>
      );
    }
    const showFrom = entry.action !== 'create' && from !== null && from !== undefined;
    return (
      <li key={field}>
        <Typography.Text type="secondary">{label}: </Typography.Text>
        {showFrom ? (
          <>
            <span className="from">{readable(t, lng, field, from)}</span>
            <span aria-hidden="true"> → </span>
          </>
        ) : null}
        <span>{readable(t, lng, field, to)}</span>
      </li>
    );
  });
  return <ul className="audit-changes">{lines}</ul>;
}
