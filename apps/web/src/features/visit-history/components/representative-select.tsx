import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { RepresentativeSelect as RepresentativePicker } from '../../visits/components/representative-select';

/** A manager (team or all scope) sees other representatives' visits; a rep sees only their own. */
export function useSeesOthers(): boolean {
  const scope = useSession().user?.scope;
  return !!scope && scope !== 'own';
}

/** Filter by representative: the active reps in the user's scope (the visits feature's picker, clearable). */
export function RepresentativeSelect({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('visitHistory');
  return (
    <RepresentativePicker
      ariaLabel={t('fields.representative.label')}
      placeholder={t('filters.allRepresentatives')}
      allowClear
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );
}
