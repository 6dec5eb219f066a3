export function SiteFooter() {
  return <footer className="border-t p-4 text-sm">© 2024 Tremplin</footer>
}
