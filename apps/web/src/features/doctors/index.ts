// The public entry of the doctors feature: what other features may use of it (the lint's boundary rule).
export { cachedDoctorName, doctorsQueryOptions, favoriteDoctorsQueryOptions, useDoctors } from './api/get-doctors';
export { DoctorFormModal } from './components/doctor-form-modal';
export { OrganizationDoctors } from './components/organization-doctors';
