import { OrgUnitsScreen } from '../components/org-units-screen';

export function DepartmentsPage() {
  return <OrgUnitsScreen kind="departments" />;
}
