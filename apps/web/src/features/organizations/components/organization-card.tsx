import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { organizationPaths } from '../paths';
import { BlockedTag, OrganizationTypeTag } from './organization-tags';

/** An organization as a card for a phone: the whole card opens it (a large tap target). */
export function OrganizationCard({ organization: o, extra, actions }: { organization: Organization; extra?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('organizations');
  return (
    <Card size="small" className={o.blocked ? 'org-card org-card--blocked' : 'org-card'} data-testid="organization-card">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Link to={organizationPaths.detail(o.id)} className="org-card__link" style={{ minWidth: 0, flex: 1, color: 'inherit' }}>
          <h3 className="org-card__title">{o.name}</h3>
          <Flex gap={4} wrap style={{ margin: '6px 0' }}>
            <OrganizationTypeTag type={o.type} />
            {o.blocked ? <BlockedTag block={o.block} /> : null}
            {o.distance !== null ? (
              <span className="org-card__meta nowrap">
                <EnvironmentOutlined /> {t('messages.distance', { meters: formatNumber(Math.round(o.distance)) })}
              </span>
            ) : null}
          </Flex>
          <div className="org-card__meta">{o.address}</div>
        </Link>
        {extra}
      </Flex>
      {actions ? <div className="org-card__actions">{actions}</div> : null}
    </Card>
  );
}
