// What other features use of calls (issue 18): the click-to-call button, and the incoming call's popup
// (the notification stream's `incomingCall` signal shows it: notifications' popups load this when a call rings).
export { ClickToCallButton } from './components/click-to-call-button';
export { describeIncomingCall, type IncomingCallNotice } from './components/incoming-call-notice';
