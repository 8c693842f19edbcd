/**
 * The HTML every page is rendered into. It differs from Docusaurus' own in one way: the page's scripts are not
 * run while it loads. Pages are complete HTML (text, code, links that navigate), so a reader can read and move on
 * with no JavaScript; the React app that adds search, Try it panels, tabs and the colour switch is fetched and
 * hydrated at the first sign of use (a pointer, a key, a touch, a scroll or focus) or when the page asks for it
 * (decision record 0018). A page therefore spends its load on what it shows, not on hydrating it.
 */

/** Events that mean a reader is about to use the page. */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'focusin',
  'wheel',
  'scroll',
];

/** The inline loader: adds the page's scripts, in order, once; `window.__hydrate()` starts it from code. */
export function intentLoader(events: readonly string[] = INTENT_EVENTS): string {
  return `(function(){var d=document,w=window,s=JSON.parse(d.getElementById('__scripts').textContent),e=${JSON.stringify(
    events,
  )},o={capture:true,passive:true},done=false;function go(){if(done)return;done=true;for(var i=0;i<e.length;i++)w.removeEventListener(e[i],go,o);for(var j=0;j<s.length;j++){var t=d.createElement('script');t.src=s[j];t.async=false;d.head.appendChild(t);}}w.__hydrate=go;for(var k=0;k<e.length;k++)w.addEventListener(e[k],go,o);})();${earlyInputRecorder()}`;
}

/**
 * What a control the app drives (a button, a `role="button"` or `role="tab"`, a `href="#"` toggle) must match to be
 * recorded when pressed before the app has hydrated; src/client/early-input.ts presses it again once it is live.
 */
export const EARLY_CONTROLS = 'button,[role=button],[role=tab],a[href="#"]';

/**
 * The inline recorder (decision record 0052): until the app marks itself live (`window.__live`), presses on the
 * controls the app drives are kept in `window.__early` with the element and its position under `#__docusaurus`, so
 * they can be pressed again after hydration even if React replaced the node; a `role="button"` link that goes
 * somewhere is left to navigate. A press on a disabled control (the theme renders its colour switch disabled until
 * hydration, and a browser fires no click on it) counts from its pointerup. Typing needs no recording: the search
 * box is a plain input that React adopts with what was typed in it.
 */
export function earlyInputRecorder(): string {
  return `(function(){var d=document,w=window,q=w.__early=[],down=null,c=${JSON.stringify(EARLY_CONTROLS)};function ctl(t){return t&&t.closest?t.closest(c):null}function at(n){var r=d.getElementById('__docusaurus'),p=[];while(n&&n!==r){var i=0,m=n;while((m=m.previousElementSibling))i++;p.unshift(i);n=n.parentElement}return n?p:null}function keep(t){q.push({el:t,path:at(t)})}w.addEventListener('pointerdown',function(v){down=ctl(v.target)},true);w.addEventListener('pointerup',function(v){var t=ctl(v.target);if(!w.__live&&t&&t===down&&t.disabled)keep(t);down=null},true);w.addEventListener('click',function(v){var t=ctl(v.target);if(w.__live||!t)return;if(t.tagName==='A'){if(t.getAttribute('href')!=='#')return;v.preventDefault()}keep(t)},true);})();`;
}

/** The eta template Docusaurus renders each page with (`siteConfig.ssrTemplate`). */
export function ssrTemplate(): string {
  return `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v<%= it.version %>">
<% it.metaAttributes.forEach((meta) => { %><%~ meta %>
<% }); %><%~ it.headTags %>
<% it.stylesheets.forEach((sheet) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= sheet %>">
<% }); %><script type="application/json" id="__scripts"><%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %></script>
<script>${intentLoader()}</script>
</head>
<body <%~ it.bodyAttributes %>>
<%~ it.preBodyTags %>
<div id="__docusaurus"><%~ it.appHtml %></div>
<%~ it.postBodyTags %>
</body>
</html>
`;
}
