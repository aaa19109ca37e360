import type { LatLng, MapConfig, MapLoadStatus } from '@pharma/contracts';

/** How a marker looks: an organization, a blocked one, the user, a delivery point, the point being picked. */
export type MarkerTone = 'primary' | 'blocked' | 'user' | 'delivery' | 'picked';

export interface MapPoint extends LatLng {
  id: string | number;
  title: string;
  tone?: MarkerTone;
  /** a short text on the pin (a stop's number) */
  label?: string;
  /** a colour of its own (any CSS colour, a theme variable too) instead of the tone's */
  color?: string;
  onSelect?: () => void;
}

/** A stop of a route: numbered on the map in driving order. */
export interface MapRouteStop extends LatLng {
  id: string | number;
  title: string;
  /** the number shown (default: its place in the list, from 1) */
  number?: number;
  /** closed stops are drawn faded */
  done?: boolean;
}

/** A route drawn as a coloured line from its start (the warehouse) through its numbered stops. */
export interface MapRoute {
  id: string | number;
  color: string;
  /** the warehouse the route leaves from (a square marker); none: the line starts at the first stop */
  start?: (LatLng & { title: string }) | null;
  stops: MapRouteStop[];
  onSelect?: () => void;
}

export interface MapPick {
  value: LatLng | null;
  onChange: (point: LatLng) => void;
  /** the name of the picked point (tooltip, screen readers) */
  title: string;
}

export interface MapViewProps {
  /** what the map shows, for screen readers */
  label: string;
  points?: MapPoint[];
  /** pick a point by a click on the map or by dragging its marker */
  pick?: MapPick;
  circle?: { center: LatLng; radius: number };
  /** routes with numbered stops (deliveries); fitPoints brings them into view too */
  routes?: MapRoute[];
  /** where the map opens; later changes move the map there */
  center?: LatLng | null;
  zoom?: number;
  /** zoom out so every point is visible (when they change) */
  fitPoints?: boolean;
  /** with fitPoints: the points to bring into view instead of every point and stop (e.g. all of a layer while some are hidden) */
  fitTo?: LatLng[];
  /**
   * Points close together at the zoom merge into a numbered circle ringed with their colours' shares;
   * a click zooms into it. For thousands of points: only what is in view is drawn.
   */
  clusters?: boolean;
  height?: number | string;
  onStatusChange?: (status: MapLoadStatus) => void;
}

export interface LeafletMapProps extends MapViewProps {
  config: MapConfig;
  onStatus: (status: MapLoadStatus) => void;
}
