import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@pharma/contracts';

const colors: Record<Role, string> = {
  admin: 'magenta',
  operator: 'blue',
  chief: 'purple',
  boss: 'gold',
  rep: 'green',
  wholesale: 'cyan',
  employee: 'geekblue',
  courier: 'orange',
};

export function RoleTag({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[role]} variant="filled">
      {t(`enums:role.${role}`)}
    </Tag>
  );
}
