// What other features and the app shell use of calls (issue 18): the click-to-call button and the incoming call's popup.
export { ClickToCallButton } from './components/click-to-call-button';
export { IncomingCallPopup } from './components/incoming-call-popup';
