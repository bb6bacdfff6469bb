/** The game page's entry: loads the launch's state and draws its slot or its table. */
import { call, el, settings, t, type PageState } from './common';
import { slotPage } from './slots';
import { tablePage } from './tables';

const app = document.getElementById('app')!;
app.replaceChildren(el('p', { class: 'message' }, t('loading')));
call<PageState>('/state').then(
  (state) => (settings.category.startsWith('live-') ? tablePage(state) : slotPage(state)),
  () => app.replaceChildren(el('p', { class: 'message', 'data-tone': 'error' }, t('error'))),
);
