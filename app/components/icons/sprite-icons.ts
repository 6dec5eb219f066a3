// The icons drawn many times on a page (each post card's counters, the communities' stars),
// served once as an SVG sprite (icons.svg) instead of inline SVG: a feed page renders a third
// fewer elements (docs/performance.md). `npm run icons` rebuilds the sprite from lucide-react;
// a test fails when icons.svg and this list disagree.
import {
  Bookmark,
  CalendarDays,
  ExternalLink,
  Eye,
  MapPin,
  MessageCircle,
  Play,
  Star,
  ThumbsDown,
  ThumbsUp,
} from 'lucide-react'

export const SPRITE_ICONS = {
  bookmark: Bookmark,
  'calendar-days': CalendarDays,
  'external-link': ExternalLink,
  eye: Eye,
  'map-pin': MapPin,
  'message-circle': MessageCircle,
  play: Play,
  star: Star,
  'thumbs-down': ThumbsDown,
  'thumbs-up': ThumbsUp,
} as const

export type IconName = keyof typeof SPRITE_ICONS
