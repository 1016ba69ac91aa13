import { createApp } from 'vue';
import { createPinia } from 'pinia';
import AppRoot from './AppRoot.vue';

createApp(AppRoot).use(createPinia()).mount('#app');
