// What the app shell uses of messages: the menu item's unread count (the page loads lazily from the registry).
export { MessagesNavBadge } from './components/messages-nav-badge';
