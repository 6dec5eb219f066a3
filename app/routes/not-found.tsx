import { data } from 'react-router'

export function loader() {
  throw data('Page introuvable', { status: 404 })
}

// A write to an address that does not exist is a 404 too, in French: without an action, React
// Router would answer 405 with its own English error ('You made a POST request to …').
export function action() {
  throw data('Page introuvable', { status: 404 })
}

export default function NotFound() {
  return null
}
