/** The choices and messages of /admin/youtube-manager, for its screen and its action (channel-manager-forms.ts, which holds zod, stays on the server). */
export const MANAGER_ENTITY_TYPES = ["Government", "Business", "Organization", "Media", "Other"] as const;
export const DEFAULT_SOURCE_TYPE = "YouTube";
export const DEFAULT_CONTENT_TYPE = "Playlist";

export const ENTER_URL = "Please enter a YouTube URL";
export const SELECT_CITY = "Please select a city";
export const NO_CHANNEL_DATA = "No channel data available";
export const SELECT_SOMETHING = "Choose at least one playlist or the channel's recent videos";
