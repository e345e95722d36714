/** Subnet administration: the SA header (RMPP, SM_Key, AttributeOffset, ComponentMask) and the SA records. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.sa;
