import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { doctor, doctorList, listDoctorsQuery, saveDoctorBody } from '../doctors.js';

/** Doctors of organizations, and the user's favorite doctors. */
export const doctorsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/doctors',
    access: 'organizations.view',
    summary: "Doctors: an organization's (/choose-doctor), favorites (/favorites), search in either script",
    query: listDoctorsQuery,
    answer: doctorList,
  }),
  get: endpoint({ method: 'GET', path: '/doctors/:id', access: 'organizations.view', summary: 'One doctor (/favorite/:id)', params: idParam, answer: doctor }),
  create: endpoint({
    method: 'POST',
    path: '/doctors',
    access: 'organizations.edit',
    summary: 'Add a doctor to an organization',
    body: saveDoctorBody,
    answer: doctor,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/doctors/:id',
    access: 'organizations.edit',
    summary: 'Edit a doctor',
    params: idParam,
    body: saveDoctorBody,
    answer: doctor,
  }),
  delete: endpoint({ method: 'DELETE', path: '/doctors/:id', access: 'organizations.delete', summary: 'Delete a doctor', params: idParam, answer: null }),
  addFavorite: endpoint({
    method: 'PUT',
    path: '/doctors/:id/favorite',
    access: 'organizations.view',
    summary: "Add to the user's favorite doctors",
    params: idParam,
    answer: null,
  }),
  removeFavorite: endpoint({
    method: 'DELETE',
    path: '/doctors/:id/favorite',
    access: 'organizations.view',
    summary: "Remove from the user's favorite doctors",
    params: idParam,
    answer: null,
  }),
};
