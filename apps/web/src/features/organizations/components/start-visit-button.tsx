import { Button, Flex, Tooltip, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@pharma/contracts';
import { LinkButton } from '../../../components/link-button';
import { useCan } from '../../../lib/permissions';
import { organizationPaths } from '../paths';

/**
 * Starts a visit at the organization (the visit screen is its own work). A blacklisted organization
 * accepts no visits: the button is disabled and says why, in the server's words.
 */
export function StartVisitButton({ organization: o, block = false, showReason = true }: { organization: Organization; block?: boolean; showReason?: boolean }) {
  const { t } = useTranslation('organizations');
  const canVisit = useCan('visits.edit');
  if (!canVisit) return null;
  if (o.blocked) {
    const reason = t('errors:ORGANIZATION_BLOCKED', { name: o.name });
    return (
      <Flex vertical gap={4} style={block ? { width: '100%' } : undefined}>
        <Tooltip title={reason}>
          {/* a disabled button gets no pointer events: the wrapper carries the tooltip */}
          <span style={{ display: block ? 'block' : 'inline-block' }}>
            <Button type="primary" icon={<PlayCircleOutlined />} disabled block={block} size="large" aria-describedby={`visit-blocked-${o.id}`}>
              {t('actions.startVisit')}
            </Button>
          </span>
        </Tooltip>
        {showReason ? (
          <Typography.Text type="danger" id={`visit-blocked-${o.id}`} style={{ fontSize: 13 }}>
            {reason}
          </Typography.Text>
        ) : (
          <span id={`visit-blocked-${o.id}`} className="sr-only">
            {reason}
          </span>
        )}
      </Flex>
    );
  }
  return (
    <LinkButton to={organizationPaths.visit(o.id, o.type)} type="primary" size="large" icon={<PlayCircleOutlined />} block={block}>
      {t('actions.startVisit')}
    </LinkButton>
  );
}
