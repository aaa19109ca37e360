import { endpoint } from '../common/endpoint.js';
import { geocodeQuery, geocodeResponse, mapConfig, pointQuery, reverseGeocodeResponse } from '../maps.js';

/** Maps: the tile settings, address search and reverse geocoding. */
export const geocodeEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/geocode/config',
    access: 'signedIn',
    summary: 'Map settings: tile URL, attribution, whether a geocoder is configured',
    answer: mapConfig,
  }),
  search: endpoint({
    method: 'GET',
    path: '/geocode',
    access: 'organizations.view',
    summary: 'Address search: own organizations first, then the external geocoder',
    query: geocodeQuery,
    answer: geocodeResponse,
  }),
  reverse: endpoint({
    method: 'GET',
    path: '/geocode/reverse',
    access: 'organizations.view',
    summary: 'The address at a point picked on the map',
    query: pointQuery,
    answer: reverseGeocodeResponse,
  }),
};
