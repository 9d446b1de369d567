import type { MessageId } from "./en";

/**
 * The Spanish messages, id for id with en.ts (the type and
 * tests/unit/i18n-catalogs.test.ts check it). Usted throughout; "Gavel" and
 * "API" stay as they are.
 */
export const es: Record<MessageId, string> = {
  "layout.skip": "Ir al contenido principal",
  "layout.topBar.businesses": "Negocios",
  "layout.topBar.signIn": "Iniciar sesión",
  "layout.nav.main": "Principal",
  "layout.nav.search": "Buscar",
  "layout.nav.businesses": "Negocios",
  "layout.nav.allCities": "Todas las ciudades",
  "layout.nav.profile": "Perfil",
  "layout.footer.tagline": "El gobierno local, a la vista de todos.",
  "layout.footer.label": "Pie de página",
  "layout.footer.home": "Inicio",
  "layout.footer.about": "Acerca de",
  "layout.footer.contact": "Contacto",
  "layout.footer.privacy": "Política de privacidad",
  "layout.footer.api": "API",
  "layout.footer.feedback": "Comentarios",
  "layout.footer.liteTitle": "Páginas sin scripts: más ligeras con conexiones lentas y teléfonos antiguos",
  "layout.footer.liteOn": "Modo ligero: activado",
  "layout.footer.liteOff": "Modo ligero: desactivado",
  "layout.footer.languageTitle": "Leer este sitio en otro idioma",
  "meta.title": "Gavel | El gobierno local, a la vista de todos",
  "meta.description":
    "Gavel convierte las sesiones del concejo municipal en noticias y análisis claros y fáciles de buscar para todos los vecinos.",
  "home.meta.title": "Gavel | La democracia al alcance de todos",
  "home.meta.description": "Noticias, análisis y búsqueda en lenguaje claro de las sesiones de su concejo municipal.",
  "home.hero.title": "La democracia al alcance de todos",
  "home.hero.text":
    "Su concejo municipal decide sobre sus calles, sus impuestos y sus escuelas. Gavel convierte cada sesión en noticias claras, transcripciones que se pueden buscar y los momentos que importan.",
  "home.picker.title": "Encuentre su ciudad",
  "home.picker.text": "Lea en minutos lo que decidió su concejo.",
  "home.picker.label": "Elija su ciudad",
  "home.picker.placeholder": "Seleccione una ciudad…",
  "home.picker.other": "Otra",
  "home.picker.go": "Ir a mi ciudad",
  "home.picker.none": "Todavía no hay ciudades publicadas. Elija Otra para pedir la suya.",
  "home.features.title": "El gobierno local, a la vista de todos",
  "home.features.transparency": "Transparencia",
  "home.features.transparencyText":
    "Cada sesión, resumida en lenguaje claro, con las palabras exactas y el momento en que se dijeron.",
  "home.features.engagement": "Participación",
  "home.features.engagementText":
    "Sepa qué hay en la agenda antes de que se decida, y quién dijo qué cuando se decidió.",
  "home.features.discovery": "Descubrimiento",
  "home.features.discoveryText":
    "Busque en años de transcripciones de varias ciudades y llegue al segundo exacto en que se habló de un tema.",
  "home.cta.title": "Su concejo trabaja para usted. Vea lo que hace.",
  "home.cta.text": "Elija su ciudad arriba o pídanos que la cubramos. Leer es gratis, y siempre lo será.",
  "home.cta.choose": "Elija su ciudad",
  "home.cta.how": "Cómo funciona",
};
