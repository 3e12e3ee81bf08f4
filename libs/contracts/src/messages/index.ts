// Bus messages: the envelope every message travels in and the one error shape of bus replies.
// The area's curated entry point (@huntforge/contracts/messages): every export is named, no `export *`.
export { envelopeSchema, type Envelope } from './envelope';
export { busReplyError, busReplyErrorSchema, isBusReplyError, type BusReplyError } from './bus-reply';
