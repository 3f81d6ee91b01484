import { render } from 'preact';
import { App } from './app/App.js';
import { startTheme } from './app/preferences.js';
import './styles.css';

startTheme();
render(<App />, document.getElementById('root')!);
