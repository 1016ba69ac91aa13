import { createApp } from 'vue';
import { createPinia } from 'pinia';
import AppRoot from './AppRoot.vue';
import { watchAriaRepairs } from './a11y/naive-aria-repairs';
import { createIpcClient, provideIpcClient } from './api/client';
import { prefetchNextView } from './views/view-registry';
import './a11y/global.css';
import './layers.css';

const client = createIpcClient();
const app = createApp(AppRoot).use(createPinia());
provideIpcClient(app, client);
app.mount('#app');
watchAriaRepairs();
// Listeners are in place once the app is mounted: main may now send what it queued.
void client.invoke('app:rendererReady');
prefetchNextView();
