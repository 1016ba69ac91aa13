/** The id of the frame's alert strip (AlertDock.vue), where AppRoot's notifications render. */
export const ALERT_DOCK_ID = 'app-alert-dock';
