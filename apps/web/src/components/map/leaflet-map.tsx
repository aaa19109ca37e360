import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { AttributionControl, Circle, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { primaryColor, type LatLng, type MapLoadStatus } from '@pharma/contracts';
import type { LeafletMapProps, MapPoint, MapRoute, MarkerTone } from './types';

/** Tiles that have not answered by then count as unreachable (no network, blocked host). */
const tileTimeoutMs = 8_000;
const pickedZoom = 16;

/**
 * Markers are plain HTML (divIcon): Leaflet's default icon images do not survive a Vite build,
 * and a CSS pin follows the theme.
 */
const icons = new Map<string, L.DivIcon>();
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function iconOf(tone: MarkerTone, label?: string, color?: string): L.DivIcon {
  const key = `${tone}:${label ?? ''}:${color ?? ''}`;
  let icon = icons.get(key);
  if (!icon) {
    const style = color ? ` style="--pin:${escapeHtml(color)}"` : '';
    icon =
      tone === 'user'
        ? L.divIcon({ className: 'map-marker', html: '<span class="map-user-dot"></span>', iconSize: [18, 18], iconAnchor: [9, 9], tooltipAnchor: [9, 0] })
        : L.divIcon({
            className: 'map-marker',
            html: label
              ? `<span class="map-pin map-pin--${tone} map-pin--label"${style}><b>${escapeHtml(label)}</b></span>`
              : `<span class="map-pin map-pin--${tone}"${style}></span>`,
            iconSize: [28, 36],
            iconAnchor: [14, 34],
            tooltipAnchor: [12, -20],
          });
    icons.set(key, icon);
  }
  return icon;
}

/** A numbered stop of a route, in the route's colour. */
const stopIcon = (n: number, color: string, done: boolean) =>
  L.divIcon({
    className: 'map-marker',
    html: `<span class="map-stop${done ? ' map-stop--done' : ''}" style="--stop:${escapeHtml(color)}">${n}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    tooltipAnchor: [12, 0],
  });
/** The warehouse a route starts from: a drawn warehouse (a roof over a gate), the same in every language, named by the marker's title. */
const warehouseGlyph =
  '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 1 1 5v10h3V8h8v7h3V5L8 1Zm-3 8v1.5h6V9H5Zm0 2.5V13h6v-1.5H5Zm0 2.5v1h6v-1H5Z"/></svg>';
const startIcon = L.divIcon({
  className: 'map-marker',
  html: `<span class="map-start">${warehouseGlyph}</span>`,
  iconSize: [26, 26],
  iconAnchor: [13, 13],
  tooltipAnchor: [13, 0],
});

/** A delivery's route: the line from the warehouse through the stops, the stops numbered in driving order. */
function RouteLayer({ route }: { route: MapRoute }) {
  const line = [...(route.start ? [route.start] : []), ...route.stops].map((p) => [p.lat, p.lng] as [number, number]);
  const events = route.onSelect ? { click: route.onSelect } : undefined;
  return (
    <>
      <Polyline positions={line} pathOptions={{ color: route.color, weight: 4, opacity: 0.8 }} eventHandlers={events} />
      {route.start ? (
        <Marker position={route.start} icon={startIcon} title={route.start.title} alt={route.start.title}>
          <Tooltip direction="top">{route.start.title}</Tooltip>
        </Marker>
      ) : null}
      {route.stops.map((stop, i) => {
        const label = `${stop.number ?? i + 1}. ${stop.title}`;
        return (
          <Marker
            key={stop.id}
            position={stop}
            icon={stopIcon(stop.number ?? i + 1, route.color, !!stop.done)}
            title={label}
            alt={label}
            eventHandlers={events}
          >
            <Tooltip direction="top">{label}</Tooltip>
          </Marker>
        );
      })}
    </>
  );
}

/** One point's marker: a pin in its tone or colour, a tooltip with its name, selectable when it says so. */
function PointMarker({ point }: { point: MapPoint }) {
  return (
    <Marker
      position={point}
      icon={iconOf(point.tone ?? 'primary', point.label, point.color)}
      title={point.title}
      alt={point.title}
      keyboard={!!point.onSelect}
      eventHandlers={point.onSelect ? { click: point.onSelect, keypress: point.onSelect } : undefined}
    >
      <Tooltip direction="top">{point.title}</Tooltip>
    </Marker>
  );
}

const defaultPointColor = 'var(--ant-color-primary, #3d7bf7)';
/** A cluster's circle: its count inside a ring of its points' colours, each by its share. */
function clusterIcon(count: number, colors: Record<string, number>, label: string): L.DivIcon {
  let at = 0;
  const stops = Object.entries(colors).map(([color, n]) => {
    const from = (at / count) * 360;
    at += n;
    return `${color} ${from}deg ${(at / count) * 360}deg`;
  });
  const size = count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 50;
  return L.divIcon({
    className: 'map-marker',
    html: `<span class="map-cluster" style="--size:${size}px;--ring:conic-gradient(${escapeHtml(stops.join(', '))})" aria-label="${escapeHtml(label)}"><b>${count}</b></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

type ClusterColors = { colors: Record<string, number> };
/**
 * Points merged by supercluster at the map's zoom; only those in view (with a margin) are drawn, so thousands
 * of points stay fast. A cluster's click zooms to where it breaks apart.
 */
function ClusteredPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const index = useMemo(() => {
    const cluster = new Supercluster<{ i: number; color: string }, ClusterColors>({
      radius: 56,
      maxZoom: 16,
      map: (p) => ({ colors: { [p.color]: 1 } }),
      reduce: (into, p) => {
        for (const [color, n] of Object.entries(p.colors)) into.colors[color] = (into.colors[color] ?? 0) + n;
      },
    });
    cluster.load(
      points.map((p, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
        properties: { i, color: p.color ?? defaultPointColor },
      })),
    );
    return cluster;
  }, [points]);
  const viewOf = () => {
    const b = map.getBounds().pad(0.25);
    return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as [number, number, number, number], zoom: Math.round(map.getZoom()) };
  };
  const [view, setView] = useState(viewOf);
  useMapEvents({ moveend: () => setView(viewOf()) });
  const features = useMemo(() => index.getClusters(view.bbox, view.zoom), [index, view]);
  return (
    <>
      {features.map((f) => {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        if ('cluster' in f.properties && f.properties.cluster) {
          const { cluster_id: id, point_count: count, colors } = f.properties;
          const label = String(count);
          return (
            <Marker
              key={`c${id}`}
              position={{ lat, lng }}
              icon={clusterIcon(count, colors, label)}
              title={label}
              alt={label}
              eventHandlers={{
                click: () => map.setView({ lat, lng }, Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom())),
                keypress: () => map.setView({ lat, lng }, Math.min(index.getClusterExpansionZoom(id), map.getMaxZoom())),
              }}
            />
          );
        }
        const point = points[(f.properties as { i: number }).i]!;
        return <PointMarker key={point.id} point={point} />;
      })}
    </>
  );
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const toPoint = (latlng: L.LatLng): LatLng => ({ lat: round(latlng.lat), lng: round(latlng.lng) });

/** Cells drawn locally when the tiles cannot load: panning and zooming still show movement. */
class OfflineGrid extends L.GridLayer {
  protected override createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'map-offline-tile';
    return tile;
  }
}

function OfflineGridLayer() {
  const map = useMap();
  useEffect(() => {
    const layer = new OfflineGrid({ tileSize: 128, zIndex: 0 });
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (event) => onPick(toPoint(event.latlng)) });
  return null;
}

/** Moves the map when the parent asks for another place (an address found, the user's position). */
function FollowCenter({ center, zoom }: { center: LatLng | null | undefined; zoom: number | undefined }) {
  const map = useMap();
  const key = center ? `${center.lat.toFixed(6)},${center.lng.toFixed(6)}` : '';
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // a point picked on the visible map stays where it is; one found elsewhere is brought into view
    if (!center || map.getBounds().pad(-0.1).contains(center)) return;
    map.setView(center, Math.max(map.getZoom(), zoom ?? pickedZoom));
  }, [key]);
  return null;
}

function FitPoints({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.lat},${p.lng}`).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) map.setView(points[0]!, Math.max(map.getZoom(), 15));
    else map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), { padding: [32, 32], maxZoom: 16 });
  }, [key]);
  return null;
}

/** The map lives in a resizable box (drawers, tabs): tell Leaflet when the box changes size. */
function ResizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** The Leaflet map itself; loaded lazily by MapView so screens without a map stay light. */
export function LeafletMap({ config, points = [], routes = [], pick, circle, center, zoom, fitPoints, fitTo, clusters, onStatus }: LeafletMapProps) {
  const fitted = useMemo(() => fitTo ?? [...points, ...routes.flatMap((r) => [...(r.start ? [r.start] : []), ...r.stops])], [fitTo, points, routes]);
  const [status, setStatus] = useState<MapLoadStatus>('loading');
  const loadedTiles = useRef(0);
  const opening = useMemo<LatLng>(
    () => center ?? pick?.value ?? fitted[0] ?? { lat: config.center.lat, lng: config.center.lng },
    // where the map opens is decided once
    [],
  );
  const openingZoom = zoom ?? (center || pick?.value || fitted[0] ? pickedZoom : config.center.zoom);

  useEffect(() => onStatus(status), [status, onStatus]);
  useEffect(() => {
    if (status !== 'loading') return;
    const timer = window.setTimeout(() => {
      if (loadedTiles.current === 0) setStatus('error');
    }, tileTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  const tileEvents = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      tileload: () => {
        loadedTiles.current += 1;
        setStatus('loaded');
      },
      tileerror: () => {
        if (loadedTiles.current === 0) setStatus('error');
      },
    }),
    [],
  );

  const markerEvents = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => pick?.onChange(toPoint((event.target as L.Marker).getLatLng())),
    }),
    [pick],
  );

  return (
    <MapContainer center={opening} zoom={openingZoom} minZoom={5} maxZoom={19} scrollWheelZoom className="map-canvas" attributionControl={false}>
      <AttributionControl prefix='<a href="https://leafletjs.com" target="_blank" rel="noreferrer">Leaflet</a>' />
      <TileLayer url={config.tileUrl} attribution={config.attribution} eventHandlers={tileEvents} maxZoom={19} />
      {status === 'error' ? <OfflineGridLayer /> : null}
      <ResizeWatcher />
      <FollowCenter center={center ?? pick?.value} zoom={zoom} />
      {fitPoints ? <FitPoints points={fitted} /> : null}
      {pick ? <PickOnClick onPick={pick.onChange} /> : null}
      {circle ? <Circle center={circle.center} radius={circle.radius} pathOptions={{ color: primaryColor, weight: 1, fillOpacity: 0.08 }} /> : null}
      {clusters ? <ClusteredPoints points={points} /> : points.map((point) => <PointMarker key={point.id} point={point} />)}
      {routes.map((route) => (
        <RouteLayer key={route.id} route={route} />
      ))}
      {pick?.value ? (
        <Marker position={pick.value} icon={iconOf('picked')} draggable eventHandlers={markerEvents} title={pick.title} alt={pick.title} zIndexOffset={1000}>
          <Tooltip direction="top">{pick.title}</Tooltip>
        </Marker>
      ) : null}
    </MapContainer>
  );
}
