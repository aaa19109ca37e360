import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useUserOptions } from '../../users/api/get-user-options';

/** A manager (team or all scope) sees other representatives' visits; a rep sees only their own. */
export function useSeesOthers(): boolean {
  const scope = useSession().user?.scope;
  return !!scope && scope !== 'own';
}

/** Filter by representative: the active reps in the user's scope. */
export function RepresentativeSelect({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('visitHistory');
  const options = useUserOptions('rep');
  return (
    <Select<number>
      aria-label={t('fields.representative.label')}
      placeholder={t('filters.allRepresentatives')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      options={(options.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}
