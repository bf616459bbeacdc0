/** The support domain's face: the only module other domains and pages import from it. */
export { listConversations, listConversationsSchema, loadConversation } from './support-conversations';
export { markConversationRead, openConversation, openConversationSchema, postSupportMessage, replySchema, setConversationStatus } from './support-messages';
export { countSupportUnread, supportUnreadSql } from './support-unread';
