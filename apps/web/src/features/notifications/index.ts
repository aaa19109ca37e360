// What the app shell uses of notifications: the header's bell, the stream kept open while signed in, and the popups of what arrives.
export { NotificationBell } from './components/notification-bell';
export { keepNotifications } from './api/keep-notifications';
export { NotificationPopups } from './components/notification-popups';
export { onNotificationSignal } from './api/keep-notifications';
