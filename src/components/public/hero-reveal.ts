/**
 * The hero's inline script (hero.astro), right after its image: a dark placeholder until the picture
 * has loaded (spec 000 section 4). A failure is turned into the default picture by the image
 * fallback script, whose load then reveals it. Inline: a bundled module would run only after the
 * page is parsed and its file fetched, and the picture, the page's largest paint, would wait for it.
 * The page that shows the hero adds its CSP hash in its own frontmatter: Astro has written the
 * policy by the time a component's frontmatter runs.
 */
export const HERO_REVEAL =
  "{const s=document.currentScript,i=s.previousElementSibling,h=s.parentElement,r=()=>{i.classList.remove('invisible');h.dataset.state='ready'};i.complete&&i.naturalWidth>0?r():i.addEventListener('load',r)}"
