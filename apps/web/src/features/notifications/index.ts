// What the app shell uses of notifications: the header's bell and the stream kept open while signed in.
export { NotificationBell } from './components/notification-bell';
export { keepNotifications } from './api/keep-notifications';
