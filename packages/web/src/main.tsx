/** The web page's entry: mounts the app (web/index.html loads this file). */
import { render } from 'preact'
import { App } from './app'

const root = document.getElementById('app')
if (root) render(<App />, root)
