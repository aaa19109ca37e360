import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { district, region, saveDistrictBody, saveRegionBody } from '../regions.js';

/** The regions of Uzbekistan and their districts. */
export const regionsEndpoints = {
  regions: {
    list: endpoint({ method: 'GET', path: '/regions', access: 'signedIn', summary: 'The regions of Uzbekistan with their districts', answer: z.array(region) }),
    create: endpoint({ method: 'POST', path: '/regions', access: 'settings.edit', summary: 'Add a region', body: saveRegionBody, answer: region, status: 201 }),
    update: endpoint({
      method: 'PUT',
      path: '/regions/:id',
      access: 'settings.edit',
      summary: 'Rename a region',
      params: idParam,
      body: saveRegionBody,
      answer: region,
    }),
  },
  districts: {
    create: endpoint({
      method: 'POST',
      path: '/regions/districts',
      access: 'settings.edit',
      summary: 'Add a district',
      body: saveDistrictBody,
      answer: district,
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: '/regions/districts/:id',
      access: 'settings.edit',
      summary: 'Edit a district',
      params: idParam,
      body: saveDistrictBody,
      answer: district,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: '/regions/districts/:id',
      access: 'settings.delete',
      summary: 'Delete a district not in use',
      params: idParam,
      answer: null,
    }),
  },
};
